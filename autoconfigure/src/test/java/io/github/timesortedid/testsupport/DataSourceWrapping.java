package io.github.timesortedid.testsupport;

import java.util.function.UnaryOperator;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;

/** Puts a test's JDBC instrumentation (fault injection, statement counting) around the context's data source. */
public final class DataSourceWrapping {

	private DataSourceWrapping() {
	}

	/** A post-processor that wraps every {@link DataSource} bean; register it from a static {@code @Bean} method. */
	public static BeanPostProcessor with(UnaryOperator<DataSource> wrapper) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				return (bean instanceof DataSource dataSource) ? wrapper.apply(dataSource) : bean;
			}

		};
	}

}
