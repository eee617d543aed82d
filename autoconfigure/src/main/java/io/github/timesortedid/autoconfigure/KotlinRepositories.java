package io.github.timesortedid.autoconfigure;

import java.util.function.Predicate;

import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.data.jpa.repository.support.JpaRepositoryFactoryBean;

/**
 * Gives every JPA repository the {@link KotlinValueClassArguments} interceptor, through the
 * customizers of its factory bean, before the factory makes the repository.
 */
final class KotlinRepositories implements BeanPostProcessor {

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	KotlinRepositories(ObjectProvider<EntityManagerFactory> entityManagerFactories) {
		this.entityManagerFactories = entityManagerFactories;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof JpaRepositoryFactoryBean<?, ?, ?> factoryBean) {
			KotlinValueClassArguments interceptor = new KotlinValueClassArguments(mappedAsItself());
			factoryBean.addRepositoryFactoryCustomizer((factory) -> factory
				.addRepositoryProxyPostProcessor((proxyFactory, repository) -> proxyFactory.addAdvice(0, interceptor)));
		}
		return bean;
	}

	/**
	 * Whether Hibernate maps a class as its own type, as the Java types it knows say; with several
	 * persistence units, whether any of them does.
	 */
	private Predicate<Class<?>> mappedAsItself() {
		return (type) -> this.entityManagerFactories.stream()
			.map((factory) -> factory.unwrap(SessionFactoryImplementor.class))
			.anyMatch((factory) -> factory.getTypeConfiguration().getJavaTypeRegistry().findDescriptor(type) != null);
	}

}
